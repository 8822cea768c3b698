import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :3000 and Vite proxies to it, so cookies stay same-origin.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  // '@/lib/api' instead of '../../../lib/api' (tsconfig.json's paths say the same to TypeScript).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  // The manifest tells scripts/postbuild.mjs which chunks the app starts with (it removes the file).
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
