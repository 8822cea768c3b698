-- A lecture's files are part of the course answers (modules/lecture-resources): adding or removing one moves the catalogue version (migration 0005), so the cached answers are built again.
CREATE TRIGGER "lecture_resources_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE ON "lecture_resources" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
