import fp from 'fastify-plugin';

/**
 * Stock imports and the server's life: once ready, the imports a stopped server left running
 * are failed (nothing of them was applied); on close, running imports stop taking new rows and
 * are waited for (one already applying finishes).
 */
export const stockImports = fp(
  async (app) => {
    app.addHook('onReady', async () => {
      await app.services.imports.failAbandoned();
    });
    app.addHook('onClose', async () => {
      await app.services.imports.close();
    });
  },
  { name: 'stock-imports', dependencies: ['services'] },
);
