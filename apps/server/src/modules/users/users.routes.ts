import {
  IMAGE_MAX_BYTES,
  MESSAGES,
  updateLocaleRequestSchema,
  updateProfileRequestSchema,
  userSchema,
} from '@kaksha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../core/errors.ts';
import { bufferedFile, readForm } from '../../core/multipart-form.ts';
import { IMAGE_UPLOADS_PER_USER } from '../media/media.service.ts';
import { presentUser, setLocale, updateProfile } from './users.service.ts';

const avatarFile = bufferedFile('photoUrl', { maxBytes: IMAGE_MAX_BYTES, tooLarge: MESSAGES.imageTooLarge }, (field) =>
  badRequest(
    { id: 'avatar_field', message: 'Upload the avatar in the photoUrl field' },
    { [field]: 'Unexpected file' },
  ),
);

/** The signed-in user's own account (spec §7): current user, profile update and language. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const imageUploads = app.limiter({ name: 'image-upload', ...IMAGE_UPLOADS_PER_USER, key: (r) => r.user?.id ?? null });
  /**
   * The signed-in user, or `null` when nobody is signed in. A visitor is a normal answer
   * here, not an error: every page asks at start, and a 401 would put an error in every
   * visitor's console. (Endpoints that need a user still answer 401.)
   */
  app.get('/currentuser', { schema: { tags: ['users'], response: { 200: userSchema.nullable() } } }, async (request) =>
    request.user ? presentUser(app.db, app.storage, request.user) : null,
  );

  /**
   * Multipart: name, description, showContactEmail ("true"/"false": show the e-mail on the public
   * profile), photoUrl (the avatar file). JSON works too.
   */
  app.post(
    '/updateprofile',
    { preHandler: app.authenticate, schema: { tags: ['users'], response: { 200: userSchema } } },
    async (request) => {
      const user = request.user!;
      // A user over the image limit is refused before the upload is read.
      if (request.isMultipart()) await imageUploads.check(request);
      const form = await readForm(request, updateProfileRequestSchema, avatarFile);
      if (form.file) await imageUploads.hit(request);
      const updated = await updateProfile(app.db, app.storage, user, { ...form.fields, avatar: form.file });
      return presentUser(app.db, app.storage, updated);
    },
  );

  /** The language of the user's interface, e-mails and certificates: `{locale: 'en' | 'hi'}`; answers the user. */
  app.put(
    '/locale',
    {
      preHandler: app.authenticate,
      schema: { tags: ['users'], body: updateLocaleRequestSchema, response: { 200: userSchema } },
    },
    async (request) => presentUser(app.db, app.storage, await setLocale(app.db, request.user!, request.body.locale)),
  );
};

export default usersRoutes;
