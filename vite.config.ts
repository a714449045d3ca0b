import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

// The console is served by the Fastify server from dist/ in production; `npm run dev` proxies /loanapi to it.
export default defineConfig({
  plugins: [react(), precompress()],
  root: 'src/app',
  publicDir: false,
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // Grid and charts are heavy and only some screens need them: keep them out of the first load.
        // A group takes its libraries' dependencies too, so what they share with the first load (React, clsx,
        // use-sync-external-store) goes first into its own chunk; otherwise 'charts' would hold React and the
        // first load would fetch the whole chart library.
        codeSplitting: {
          groups: [
            // Vite's preload helper is needed by every lazy import: it must not follow glide into 'grid'.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-is|scheduler|clsx|use-sync-external-store)[\\/]|vite[\\/]preload-helper/, priority: 3 },
            // Shared by glide and Mantine's NumberInput: its own chunk, so a form with a number does not fetch the grid.
            { name: 'number-format', test: /node_modules[\\/](react-number-format|prop-types)[\\/]/, priority: 3 },
            { name: 'grid', test: /node_modules[\\/]@glideapps[\\/]glide-data-grid[\\/]/, priority: 2 },
            { name: 'charts', test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/loanapi': 'http://127.0.0.1:8080', '/api': 'http://127.0.0.1:8080', '/files': 'http://127.0.0.1:8080' },
  },
  test: {
    root: '.',
    include: ['commands/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts', 'locales/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    maxWorkers: 2,
  },
} as any);
