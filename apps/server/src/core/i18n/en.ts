/**
 * The server's own texts in English (e-mails, PDFs), as ICU messages (intl-messageformat):
 * `{name}` is a value, `{n, plural, one {…} other {…}}` a plural, `<b>…</b>` bold in HTML (plain
 * text keeps its content). Keys are `<where>.<what>`; every key is in every catalogue (hi.ts),
 * with the same placeholders (i18n.any-db.test.ts). English texts are the product's: a mail's
 * wording here is the wording users and tests already know.
 */
export const en = {
  // Every mail
  'mail.greeting': 'Hello {name},',
  'mail.signoff': '— {product}',

  // The password-reset code (modules/auth)
  'mail.otp.subject': '{product} password reset code',
  'mail.otp.codeIs': 'Your {product} password reset code is:',
  'mail.otp.validity':
    'It is valid for {minutes, plural, one {# minute} other {# minutes}}. If you did not ask to reset your password, you can ignore this email.',

  // A new enrolment (modules/payments)
  'mail.enrolment.subject': 'You are enrolled in {title}',
  'mail.enrolment.enrolled': 'You are now enrolled in "{title}" on {product}.',
  'mail.enrolment.enrolledHtml': 'You are now enrolled in <b>{title}</b> on {product}.',
  'mail.enrolment.start': 'Start learning: {link}',
  'mail.enrolment.button': 'Start learning',
  'mail.enrolment.orOpen': 'Or open this link: {link}',

  // A sign-in from a browser the account has not used before (modules/auth, issue #32)
  'mail.newDevice.subject': 'New sign-in to your {product} account',
  'mail.newDevice.intro': 'Your {product} account was just signed in to from a device it has not been used on before:',
  'mail.newDevice.device': 'Device: {browser} on {os}',
  'mail.newDevice.network': 'Network (approximate): {network}',
  'mail.newDevice.time': 'Time: {time}',
  'mail.newDevice.unknown': 'unknown',
  'mail.newDevice.ifYou': 'If this was you, there is nothing to do.',
  'mail.newDevice.ifNot':
    'If it was not you, change your password and sign that device out in the Security section of your profile:',
  'mail.newDevice.button': 'Review your devices',

  // The completion certificate PDF (modules/certificates)
  'certificate.documentTitle': 'Certificate: {course}',
  'certificate.heading': 'Certificate of Completion',
  'certificate.certifies': 'This certifies that',
  'certificate.completed': 'has successfully completed the course',
  'certificate.taughtBy': 'taught by {educator}',
  'certificate.issuedOn': 'Issued on {date}',
  'certificate.id': 'Certificate ID: {id}',
  'certificate.verifyAt': 'Verify at:',

  // Notifications (modules/notifications): the bell's and the e-mails' title and body of each kind,
  // worded when read from the values stored with the notification (names and titles as written).
  'notification.lecture.title': 'New lecture in {course}',
  'notification.lecture.body': '{lecture}',
  'notification.certificate.title': 'Your certificate is ready',
  'notification.certificate.body': 'You completed {course}. Congratulations!',
  'notification.refund.title': 'Your refund is processed',
  'notification.refund.body': '{amount} for {course} is on its way back to your payment method.',
  'notification.question.title': 'New question on {course}',
  'notification.question.body': '{question}',
  'notification.answer.title': 'New answer to “{question}”',
  'notification.answer.body': '{name}: {answer}',
  'notification.accepted.title': 'Your answer was accepted',
  'notification.accepted.body': '{question}',

  // Notification e-mails and the daily digest (RFC 8058 one-click unsubscribe in every one)
  'mail.notification.open': 'Open in {product}',
  'mail.notification.why': 'You get this e-mail for {scope}. Unsubscribe with one click: {url}',
  'mail.notification.whyHtml':
    'You get this e-mail for {scope}. <unsubscribe>Unsubscribe</unsubscribe> with one click.',
  'mail.digest.subject': 'Your {product} digest: {count, plural, one {# update} other {# updates}}',
  'mail.digest.greeting': 'Hello {name}, here is what happened since your last digest:',
  'mail.scope.digest': 'the daily digest',
  'mail.scope.answer': 'e-mails about answers to your questions',
  'mail.scope.accepted': 'e-mails about your answers being accepted',
  'mail.scope.question': 'e-mails about new questions on your courses',
  'mail.scope.lecture': 'e-mails about new lectures in your courses',
  'mail.scope.certificate': 'e-mails about your certificates',
  'mail.scope.refund': 'e-mails about your refunds',

  // The page an e-mail's unsubscribe link opens in a browser
  'unsubscribe.title': 'Unsubscribe',
  'unsubscribe.ask': 'Stop {scope}? You can change what we e-mail you at any time in your notification settings.',
  'unsubscribe.button': 'Unsubscribe',
  'unsubscribe.doneTitle': 'Unsubscribed',
  'unsubscribe.done': 'You will no longer get {scope}.',
  'unsubscribe.invalidTitle': 'Link not valid',
  'unsubscribe.invalid': 'This unsubscribe link is not valid. Change what we e-mail you in your notification settings.',
  'unsubscribe.back': 'Back to {product}',

  // A data export made by a job is ready (modules/privacy, issue #32)
  'mail.export.subject': 'Your {product} data is ready to download',
  'mail.export.ready':
    'The copy of your data you asked for is ready. The link works for {hours, plural, one {# hour} other {# hours}}, until {date}, while you are signed in.',
  'mail.export.download': 'Download it: {link}',
  'mail.export.button': 'Download my data',
} as const;

export type MessageKey = keyof typeof en;
