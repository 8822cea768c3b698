import type { Certificate, CourseOutcome } from '@kaksha/contracts';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { certificates, courses, users } from '../../core/db/schema/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../core/errors.ts';
import { localeOf } from '../../core/i18n.ts';
import { isUuid } from '../../core/ids.ts';
import { recordEvent } from '../analytics/analytics.service.ts';
import { isEnrolled } from '../courses/courses.service.ts';
import { notifyCertificateIssued } from '../notifications/notifications.service.ts';
import { getCourseProgress } from '../progress/progress.service.ts';
import { unansweredByCourse } from '../qa/qa.service.ts';
import { quizPassRates, unpassedQuizzes } from '../quizzes/quizzes.service.ts';
import { renderCertificatePdf } from './certificates.pdf.ts';

/*
 * Completion certificates: an enrolled learner who completed every lecture (the progress rule:
 * 90% watched or marked) and passed every quiz claims one per course. Names and title are
 * frozen at issue; verification and the PDF are public and never show the learner's email.
 */

export const NOT_ENROLLED_MESSAGE = 'Only learners enrolled in this course can get its certificate';
export const NO_LECTURES_MESSAGE = 'This course has no lectures yet, so it has no certificate';
const COURSE_NOT_FOUND = { id: 'course_not_found', message: 'Course not found' } as const;
const CERTIFICATE_NOT_FOUND = { id: 'certificate_not_found', message: 'Certificate not found' } as const;

type CertificateRow = typeof certificates.$inferSelect;

function presentCertificate(publicUrl: string, row: CertificateRow): Certificate {
  return {
    _id: row.id,
    courseId: row.courseId,
    learnerName: row.learnerName,
    courseTitle: row.courseTitle,
    educatorName: row.educatorName,
    issuedAt: row.issuedAt.toISOString(),
    verifyUrl: `${publicUrl}/certificate/${row.id}`,
    pdfUrl: `${publicUrl}/api/certificate/${row.id}/pdf`,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const listWords = (words: string[]) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** "Complete 2 more lectures and pass the quiz "X" to get your certificate". */
function missingMessage(lecturesLeft: number, quizTitles: string[]) {
  const parts: string[] = [];
  if (lecturesLeft > 0) parts.push(`complete ${plural(lecturesLeft, 'more lecture')}`);
  if (quizTitles.length > 0) {
    parts.push(`pass the quiz${quizTitles.length === 1 ? '' : 'zes'} ${listWords(quizTitles.map((t) => `"${t}"`))}`);
  }
  const text = parts.join(' and ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} to get your certificate`;
}

const findOwn = (db: DbOrTx, userId: string, courseId: string) =>
  db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .limit(1);

/**
 * Issues the learner's certificate for a course, or answers the one already issued
 * (`created: false`). 404 for a course they cannot see, 403 when not enrolled, 409 saying
 * what is still missing.
 */
export async function claimCertificate(db: DbOrTx, publicUrl: string, userId: string, courseId: string) {
  if (!isUuid(courseId)) throw notFound(COURSE_NOT_FOUND);
  const [course] = await db
    .select({ id: courses.id, title: courses.title, isPublished: courses.isPublished, creatorId: courses.creatorId })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!(await isEnrolled(db, userId, courseId))) {
    if (!course || (!course.isPublished && course.creatorId !== userId)) throw notFound(COURSE_NOT_FOUND);
    throw forbidden({ id: 'certificate_not_enrolled', message: NOT_ENROLLED_MESSAGE });
  }
  // Enrolment restricts deleting the course, so it exists here.
  const [existing] = await findOwn(db, userId, courseId);
  if (existing) return { certificate: presentCertificate(publicUrl, existing), created: false };

  const [progress, quizzesLeft] = await Promise.all([
    getCourseProgress(db, userId, courseId),
    unpassedQuizzes(db, courseId, userId),
  ]);
  if (progress.totalLectures === 0) throw conflict({ id: 'certificate_no_lectures', message: NO_LECTURES_MESSAGE });
  const lecturesLeft = progress.totalLectures - progress.completedCount;
  if (lecturesLeft > 0 || quizzesLeft.length > 0) {
    const quizzes = quizzesLeft.map((q) => q.title);
    throw conflict({
      id: 'certificate_incomplete',
      message: missingMessage(lecturesLeft, quizzes),
      // For a translation: the lectures still to complete, and the quizzes to pass (their titles, quoted).
      params: { lectures: lecturesLeft, quizzes: quizzes.length, quizTitles: quizzes.map((t) => `"${t}"`).join(', ') },
    });
  }

  const [[learner], [educator]] = await Promise.all([
    db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1),
    db.select({ name: users.name }).from(users).where(eq(users.id, course!.creatorId)).limit(1),
  ]);
  // Two claims at once: the unique (user, course) index keeps one; both answer it.
  const [inserted] = await db
    .insert(certificates)
    .values({
      userId,
      courseId,
      learnerName: learner.name,
      courseTitle: course!.title,
      educatorName: educator.name,
    })
    .onConflictDoNothing({ target: [certificates.userId, certificates.courseId] })
    .returning();
  if (inserted) await notifyCertificateIssued(db, inserted.id);
  // Course analytics' completions (issue #33).
  if (inserted) await recordEvent({ type: 'certificate_claim', courseId });
  const row = inserted ?? (await findOwn(db, userId, courseId))[0];
  return { certificate: presentCertificate(publicUrl, row), created: !!inserted };
}

/** The learner's certificates, newest first. */
export async function listMyCertificates(db: DbOrTx, publicUrl: string, userId: string) {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.map((row) => presentCertificate(publicUrl, row));
}

/** Public: a certificate by id (404 for unknown or malformed ids). */
export async function findCertificate(db: DbOrTx, publicUrl: string, id: string) {
  if (!isUuid(id)) throw notFound(CERTIFICATE_NOT_FOUND);
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return presentCertificate(publicUrl, row);
}

/** Public: a certificate and its PDF, worded in the learner's language (404 for unknown or malformed ids). */
export async function certificatePdf(db: DbOrTx, publicUrl: string, id: string) {
  if (!isUuid(id)) throw notFound(CERTIFICATE_NOT_FOUND);
  const [found] = await db
    .select({ row: certificates, locale: users.locale })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(eq(certificates.id, id))
    .limit(1);
  if (!found) throw notFound(CERTIFICATE_NOT_FOUND);
  // A revoked certificate (its learner erased their account) has no document any more: 410 Gone.
  if (found.row.revokedAt) throw new AppError(410, 'certificate_revoked', 'This certificate was revoked');
  const certificate = presentCertificate(publicUrl, found.row);
  return { certificate, pdf: await renderCertificatePdf(certificate, localeOf(found.locale)) };
}

/**
 * The educator dashboard's figures for each of the creator's courses (oldest first): the quiz
 * pass rate, the certificates issued and the Q&A questions still unanswered. Certificates of a
 * deleted course are not counted.
 */
export async function courseOutcomes(db: DbOrTx, creatorId: string): Promise<CourseOutcome[]> {
  const own = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.creatorId, creatorId))
    .orderBy(asc(courses.createdAt), asc(courses.id));
  const ids = own.map((c) => c.id);
  if (ids.length === 0) return [];
  const [issued, passRates, unanswered] = await Promise.all([
    db
      .select({ courseId: certificates.courseId, n: count() })
      .from(certificates)
      .where(inArray(certificates.courseId, ids))
      .groupBy(certificates.courseId),
    quizPassRates(db, ids),
    unansweredByCourse(db, creatorId),
  ]);
  const issuedBy = new Map(issued.map((r) => [r.courseId, Number(r.n)]));
  return ids.map((courseId) => ({
    courseId,
    quizPassRate: passRates.get(courseId) ?? null,
    certificatesIssued: issuedBy.get(courseId) ?? 0,
    unansweredQuestions: unanswered.get(courseId) ?? 0,
  }));
}

/** Open Graph facts of a certificate's public page, or null for anything unknown (never throws on a bad id). */
export async function certificateShareInfo(db: DbOrTx, publicUrl: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  if (!row) return null;
  const certificate = presentCertificate(publicUrl, row);
  if (row.revokedAt) {
    return {
      title: 'Revoked certificate on Kaksha',
      description: 'This certificate was revoked: the account it was issued to has been deleted.',
      url: certificate.verifyUrl,
    };
  }
  const issued = row.issuedAt.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    title: `${certificate.learnerName} completed ${certificate.courseTitle} on Kaksha`,
    description: `Certificate of completion for ${certificate.courseTitle}, taught by ${certificate.educatorName}, issued on ${issued}. Verify it on Kaksha.`,
    url: certificate.verifyUrl,
  };
}

const CERTIFICATE_PAGE = /^\/certificate\/([0-9a-fA-F-]{36})\/?$/;

/** The web app's public certificate page (/certificate/{id}): its Open Graph facts, else null. */
export async function certificatePageMeta(db: DbOrTx, publicUrl: string, path: string) {
  const id = CERTIFICATE_PAGE.exec(path)?.[1];
  return id ? certificateShareInfo(db, publicUrl, id) : null;
}
