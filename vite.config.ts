import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { prerender } from './scripts/prerender-plugin.ts';
import { preloadedDependencies, signedInChunking } from './scripts/chunking.ts';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), prerender()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    // the signed-in shell in two chunks instead of seventy, and a shorter preload list (issue 33)
    modulePreload: { resolveDependencies: preloadedDependencies },
    rollupOptions: { output: { codeSplitting: signedInChunking() } },
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
});
