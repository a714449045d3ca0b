import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the Fastify server from dist/ in production; `npm run dev` proxies /loanapi to it.
export default defineConfig({
  plugins: [react()],
  root: 'src/app',
  publicDir: false,
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // Grid and charts are heavy and only some screens need them: keep them out of the first load.
        manualChunks(id: string) {
          if (id.includes('glide-data-grid')) return 'grid';
          if (id.includes('recharts') || id.includes('d3-')) return 'charts';
          return undefined;
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
