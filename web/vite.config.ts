import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressFiles } from './compress-files.js';
import { offlinePage } from './offline-page.js';

export default defineConfig({
  plugins: [react(), offlinePage(), compressFiles()],
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      // The service worker keeps one address (/sw.js) across releases; the browser checks it for updates.
      input: { main: 'index.html', landers: 'landers.html', sw: 'src/sw/sw.ts' },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
});
