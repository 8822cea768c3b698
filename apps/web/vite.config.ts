import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The interface's catalogues (src/i18n/*.json, ICU messages) reach the browser already parsed, so
 * the bundle leaves out FormatJS's message parser (about half of the i18n library's bytes) and
 * no message is parsed at run time (FormatJS's documented precompilation; ADR 0016).
 */
function precompiledCatalogues(): Plugin {
  return {
    name: 'kaksha:precompiled-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/i18n\/[^/]+\.json$/.test(id)) return undefined;
      const messages = JSON.parse(code) as Record<string, string>;
      const parsed = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}

// In development the API runs on :3000 and Vite proxies to it, so cookies stay same-origin.
export default defineConfig({
  plugins: [precompiledCatalogues(), react(), tailwindcss()],
  resolve: {
    alias: [
      // '@/lib/api' instead of '../../../lib/api' (tsconfig.json's paths say the same to TypeScript).
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      // Messages come parsed (above): the parser's types and helpers without the parser.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
  // The manifest tells scripts/postbuild.mjs which chunks the app starts with (it removes the file).
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
