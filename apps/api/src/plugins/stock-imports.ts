import fp from 'fastify-plugin';

/**
 * Stock imports when the server closes: running imports stop taking new rows and are waited for
 * (one already applying finishes). At start-up server.ts fails the ones a stopped server left.
 */
export const stockImports = fp(
  async (app) => {
    app.addHook('onClose', async () => {
      await app.services.imports.close();
    });
  },
  { name: 'stock-imports', dependencies: ['services'] },
);
