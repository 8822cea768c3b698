-- AI course search: trigram similarity for typo tolerance (contrib on the server, bundled with PGlite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
