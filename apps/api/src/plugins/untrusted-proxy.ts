import fp from 'fastify-plugin';

/**
 * Warns once per server process when a request says it was forwarded (X-Forwarded-For) but
 * the address the limits count is still the peer's: behind a proxy TRUST_PROXY does not name,
 * every visitor counts as the proxy, and every per-address limit (enquiries, codes, holds, the
 * API rate) is shared by the whole store (decision 0048). A forwarded address equal to the
 * peer's own (a request made on the proxy's machine) is no sign of it. With TRUST_PROXY=true
 * every hop is believed, so there is nothing to warn of.
 */
export const untrustedProxyWarning = fp(async (app) => {
  if (app.config.TRUST_PROXY === true) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned) return;
    const forwarded = request.headers['x-forwarded-for'];
    if (!forwarded) return;
    const peer = request.socket.remoteAddress;
    const lastHop = String(forwarded).split(',').pop()!.trim();
    if (request.ip !== peer || lastHop === peer) return;
    warned = true;
    request.log.warn(
      { peer, trustProxy: app.config.TRUST_PROXY },
      `A request came through a proxy (X-Forwarded-For) from ${peer}, which TRUST_PROXY does not trust: every visitor is counted as ${peer}, so every per-address limit (enquiries, sign-in codes, holds, the API rate) is shared by the whole store. Behind nginx on this machine set TRUST_PROXY=127.0.0.1 (or the proxy's address); if the store has no proxy in front, a client wrote the header and this can be ignored. Said once per server process.`,
    );
  });
});
