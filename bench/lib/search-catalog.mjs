// Loading a labelled (or generated) search catalogue straight into a database, for the search
// benchmarks (bench/search.mjs, bench/search-calibrate.mjs).
import { randomUUID } from 'node:crypto';

/** Loads courses, by one new educator, straight into the database (bulk SQL; reindexAll builds the index). */
export async function insertCourses(db, sql, catalog, onBatch) {
  const creator = (
    await db.execute(
      sql`insert into users (name, email, role) values ('Bench Educator', 'bench@example.com', 'educator') returning id`,
    )
  ).rows[0].id;
  await db.execute(sql`set session_replication_role = replica`);
  const batch = 2000;
  const ids = [];
  for (let i = 0; i < catalog.length; i += batch) {
    onBatch?.(i);
    const rows = catalog.slice(i, i + batch).map((c) => ({
      id: randomUUID(),
      title: c.title,
      sub_title: c.subTitle,
      description: c.description,
      category: c.category,
      level: c.level,
      price: c.price,
      // The language the course is taught in, when the catalogue says (dev-hi does); else the default.
      language: c.language ?? 'en',
      lectures: c.lectures,
    }));
    ids.push(...rows.map((r) => r.id));
    const chunk = JSON.stringify(rows);
    await db.execute(sql`
      insert into courses (id, creator_id, title, sub_title, description, category, level, price, language, is_published)
      select id, ${creator}::uuid, title, sub_title, description, category, level, price, language, true
      from json_to_recordset(${chunk}::json)
        as x(id uuid, title text, sub_title text, description text, category text, level text, price int, language text)`);
    await db.execute(sql`
      insert into lectures (course_id, lecture_title, position)
      select x.id, l.value, l.ordinality - 1
      from json_to_recordset(${chunk}::json) as x(id uuid, lectures json)
      cross join lateral json_array_elements_text(x.lectures) with ordinality as l(value, ordinality)`);
  }
  await db.execute(sql`set session_replication_role = origin`);
  return ids;
}
