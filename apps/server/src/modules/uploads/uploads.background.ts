import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import { sweepPeriodically } from '../../core/partial-uploads.ts';
import {
  type CompletionProbe,
  LectureUploadStore,
  sweepStaleUploads,
  TUS_EXTENSIONS,
  uploadCompletion,
} from './uploads.service.ts';

/** The folder of resumable uploads (DATA_DIR/uploads), its store, and what finishes an upload there. */
export interface ResumableUploads {
  dir: string;
  datastore: LectureUploadStore;
  completion: ReturnType<typeof uploadCompletion>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by the tus routes (requests) and the background work below, so a HEAD waits for a recovery under way. */
    resumableUploads: ResumableUploads;
  }
}

/**
 * The resumable uploads' store and their background work, started from app.ts (no route file
 * starts it): uploads a dead process left complete but not stored are finished once the app is
 * ready and before each sweep, in the background (a large one takes a while to store, and start-up
 * must not wait for it); uploads nothing wrote to for PARTIAL_UPLOAD_MAX_AGE_MS are removed, the
 * first sweep at start. `probe` is a test seam called at each step of finishing an upload.
 */
export const uploadsBackgroundPlugin = fp<{ probe?: CompletionProbe }>(
  async (app, opts) => {
    const { config } = app;
    const dir = path.join(config.dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    const datastore = new LectureUploadStore({ directory: dir });
    // What we offer: a known length at creation (checked against the limit), no expiry by creation
    // time (a long upload on a slow line must not expire while it runs; the sweep goes by activity).
    datastore.extensions = TUS_EXTENSIONS;
    const completion = uploadCompletion({
      db: app.db,
      storage: app.storage,
      store: datastore,
      videos: { jobs: app.jobs, video: config.video },
      maxBytes: config.maxVideoBytes,
      log: app.log,
      probe: opts.probe,
    });
    app.decorate('resumableUploads', { dir, datastore, completion });

    let ready = false;
    let recovering: Promise<unknown> | undefined;
    const recover = () => {
      recovering ??= completion.recover(dir).finally(() => {
        recovering = undefined;
      });
    };
    app.addHook('onReady', async () => {
      ready = true;
      recover();
    });
    app.addHook('onClose', async () => {
      await recovering;
    });
    await sweepPeriodically(app, 'abandoned resumable uploads', (maxAge) => {
      if (ready) recover();
      return sweepStaleUploads(dir, maxAge);
    });
  },
  { name: 'uploads-background', dependencies: ['db', 'storage', 'jobs'] },
);
