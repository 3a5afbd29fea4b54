import compress from '@fastify/compress';
import fp from 'fastify-plugin';

const readOnly = new Set(['GET', 'HEAD']);

/**
 * The API's answers compressed for clients that take it (Brotli at quality 4, else gzip) when
 * they are over 1 kB: a listing page of 24 numbers is 5.8 kB of JSON and about 1.2 kB
 * compressed, which a phone on mobile data feels. Only answers to GET and HEAD: the answer to a
 * state-changing request mixes what the client sent with what the account holds, and
 * compressing such answers over TLS lets an attacker who can make the buyer's browser send
 * requests guess the rest from their sizes (BREACH). Request bodies are read as sent, never
 * decompressed.
 */
export const apiCompression = fp(async (api) => {
  // Before @fastify/compress's own onRoute hook, which reads `compress`.
  api.addHook('onRoute', (route) => {
    if (![route.method].flat().every((method) => readOnly.has(method))) route.compress = false;
  });
  await api.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
});
