import { DESCRIPTION_MAX, nameSchema, userSchema } from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, payloadTooLarge } from '../../core/errors.ts';
import { MAX_IMAGE_BYTES } from '../media/images.ts';
import { presentUser } from './users.presenter.ts';
import { updateProfile } from './users.service.ts';

const profileSchema = z.object({
  name: nameSchema.optional(),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
    .optional(),
});

/** The signed-in user's own account (spec §7): current user and profile update. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The signed-in user, or `null` when nobody is signed in. A visitor is a normal answer
   * here, not an error: every page asks at start, and a 401 would put an error in every
   * visitor's console. (Endpoints that need a user still answer 401.)
   */
  app.get('/currentuser', { schema: { tags: ['users'], response: { 200: userSchema.nullable() } } }, async (request) =>
    request.user ? presentUser(app.db, app.storage, request.user) : null,
  );

  /** Multipart: name, description, photoUrl (the avatar file). JSON {name, description} works too. */
  app.post(
    '/updateprofile',
    { preHandler: app.authenticate, schema: { tags: ['users'], response: { 200: userSchema } } },
    async (request) => {
      const user = request.user!;
      const fields: Record<string, unknown> = {};
      let avatar: Buffer | undefined;
      if (request.isMultipart()) {
        for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })) {
          if (part.type === 'field') {
            if (part.fieldname === 'name' || part.fieldname === 'description') fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'photoUrl') {
            part.file.resume();
            throw badRequest('Upload the avatar in the photoUrl field', { [part.fieldname]: 'Unexpected file' });
          }
          let buffer: Buffer;
          try {
            buffer = await part.toBuffer();
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw payloadTooLarge('Images must be 5 MB or smaller');
            }
            throw error;
          }
          // An empty file input sends an empty part: no new avatar.
          if (buffer.length > 0) avatar = buffer;
        }
      } else if (request.body && typeof request.body === 'object') {
        Object.assign(fields, request.body);
      }
      const parsed = profileSchema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? 'body');
        throw badRequest(issue?.message ?? 'Invalid profile', { [field]: issue?.message ?? 'is invalid' });
      }
      const updated = await updateProfile(app.db, app.storage, user, { ...parsed.data, avatar });
      return presentUser(app.db, app.storage, updated);
    },
  );
};

export default usersRoutes;
