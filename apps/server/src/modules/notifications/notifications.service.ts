/*
 * The notifications module's public face. Other modules record what happened with one call in
 * the transaction of their change (`notifyNewLecture`, `notifyCertificateIssued`,
 * `notifyRefundProcessed`, and Q&A's `notifyNewQuestion`, `notifyAnswer`, `notifyAccepted`);
 * app.ts registers `notificationsPlugin` (dispatch, bell, e-mail workers), whose
 * `app.notifications.wake()` a route calls after committing such a change to dispatch it at once.
 */
export {
  notifyAccepted,
  notifyAnswer,
  notifyCertificateIssued,
  notifyNewLecture,
  notifyNewQuestion,
  notifyRefundProcessed,
} from './notifications.events.ts';
export { type NotificationsRuntime, notificationsPlugin } from './notifications.live.ts';
