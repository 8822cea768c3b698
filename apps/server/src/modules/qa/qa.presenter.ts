import type { Answer, QaAuthor, Question } from '@kaksha/contracts';
import type { Storage } from '../../core/storage.ts';
import { photoUrl } from '../media/media.service.ts';

/** A question row as qa.queries.ts reads it (snake case: the database's names). */
export interface QuestionRow {
  id: string;
  course_id: string;
  course_title: string;
  creator_id: string;
  lecture_id: string | null;
  lecture_title: string | null;
  timestamp_sec: number | null;
  title: string;
  body: string;
  user_id: string;
  author_name: string;
  author_photo_key: string | null;
  author_role: QaAuthor['role'];
  answer_count: number;
  votes: number;
  voted_by_me: boolean;
  accepted: boolean;
  answered: boolean;
  featured: boolean;
  locked: boolean;
  created_at: string | Date;
  report_count: number | null;
}

export interface AnswerRow {
  id: string;
  question_id: string;
  body: string;
  user_id: string;
  author_name: string;
  author_photo_key: string | null;
  author_role: QaAuthor['role'];
  by_educator: boolean;
  accepted: boolean;
  created_at: string | Date;
  report_count: number | null;
}

const iso = (v: string | Date) => new Date(v).toISOString();

const author = (storage: Storage, id: string, name: string, photoKey: string | null, role: QaAuthor['role']) => ({
  _id: id,
  name,
  photoUrl: photoUrl(storage, { photoKey }),
  role,
});

/** `forEducator`: the course's educator also sees how often it was reported. */
export function presentQuestion(storage: Storage, r: QuestionRow, forEducator: boolean): Question {
  return {
    _id: r.id,
    courseId: r.course_id,
    courseTitle: r.course_title,
    lectureId: r.lecture_id,
    lectureTitle: r.lecture_title,
    // The moment only means something with its lecture (a deleted lecture leaves the question on the course).
    timestampSec: r.lecture_id === null ? null : r.timestamp_sec,
    title: r.title,
    body: r.body,
    author: author(storage, r.user_id, r.author_name, r.author_photo_key, r.author_role),
    answerCount: Number(r.answer_count),
    votes: Number(r.votes),
    votedByMe: r.voted_by_me,
    accepted: r.accepted,
    answered: r.answered,
    featured: r.featured,
    locked: r.locked,
    createdAt: iso(r.created_at),
    ...(forEducator ? { reportCount: Number(r.report_count ?? 0) } : {}),
  };
}

export function presentAnswer(storage: Storage, r: AnswerRow, forEducator: boolean): Answer {
  return {
    _id: r.id,
    questionId: r.question_id,
    body: r.body,
    author: author(storage, r.user_id, r.author_name, r.author_photo_key, r.author_role),
    byEducator: r.by_educator,
    accepted: r.accepted,
    createdAt: iso(r.created_at),
    ...(forEducator ? { reportCount: Number(r.report_count ?? 0) } : {}),
  };
}
