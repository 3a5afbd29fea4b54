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
