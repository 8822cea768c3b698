import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/core/db/schema/index.ts',
  out: './apps/server/src/core/db/migrations',
});
