import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/**
 * First path segments the API answers. In development (and `vite preview`) they go to the
 * server on :8080 (or RAKIT_API_TARGET), except a browser navigation (GET accepting HTML),
 * which gets the app itself, as the server does in production.
 */
const apiPrefix = '^/(auth|get|save|delete|forgot_password|action|function|file|print|addon|openapi\\.json)(/|$|\\?)';

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      [apiPrefix]: {
        target: loadEnv(mode, '.', 'RAKIT_').RAKIT_API_TARGET ?? 'http://127.0.0.1:8080',
        bypass: (req) => (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
}));
