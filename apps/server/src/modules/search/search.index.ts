import type { DbOrTx } from '../../db/client.ts';

// Placeholder until the search engine lands (owner: search): keeps the course's search index current.
export async function reindexCourse(_db: DbOrTx, _courseId: string): Promise<void> {}
