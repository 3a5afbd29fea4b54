import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Only variables starting with PUBLIC_ reach the browser bundle (see src/lib/site-config.ts).
  envPrefix: 'PUBLIC_',
  define: {
    // The year the site was built; the footer renders it first and corrects it in the browser.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    rolldownOptions: {
      output: {
        // React, React Router and TanStack Query in one chunk: one request (HTTP/1.1 opens six at
        // a time) and one stream that compresses better than a dozen small ones.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
