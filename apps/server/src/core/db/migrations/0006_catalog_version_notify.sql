-- The catalogue version's bump also announces the new version (delivered at commit, with the
-- write): the embedded database's one process keeps it in memory instead of reading it per request.
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
  PERFORM pg_notify('catalog_version', next_version::text);
  RETURN NULL;
END $$;
