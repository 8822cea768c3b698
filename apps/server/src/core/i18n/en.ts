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

  // The completion certificate PDF (modules/certificates)
  'certificate.documentTitle': 'Certificate: {course}',
  'certificate.heading': 'Certificate of Completion',
  'certificate.certifies': 'This certifies that',
  'certificate.completed': 'has successfully completed the course',
  'certificate.taughtBy': 'taught by {educator}',
  'certificate.issuedOn': 'Issued on {date}',
  'certificate.id': 'Certificate ID: {id}',
  'certificate.verifyAt': 'Verify at:',
} as const;

export type MessageKey = keyof typeof en;
