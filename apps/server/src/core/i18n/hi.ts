import type { MessageKey } from './en.ts';

/**
 * The server's texts in Hindi (see en.ts for the format). Names, titles, codes and links are
 * values, set as written; the brand stays Kaksha.
 */
export const hi: Record<MessageKey, string> = {
  'mail.greeting': 'नमस्ते {name},',
  'mail.signoff': '— {product}',

  'mail.otp.subject': '{product} पासवर्ड रीसेट कोड',
  'mail.otp.codeIs': 'आपका {product} पासवर्ड रीसेट कोड है:',
  'mail.otp.validity':
    'यह कोड {minutes, plural, one {# मिनट} other {# मिनट}} तक मान्य है। अगर आपने पासवर्ड रीसेट करने के लिए नहीं कहा था, तो इस ईमेल को अनदेखा कर दें।',

  'mail.enrolment.subject': 'आपका नामांकन हो गया: {title}',
  'mail.enrolment.enrolled': 'अब आप {product} पर "{title}" कोर्स में नामांकित हैं।',
  'mail.enrolment.enrolledHtml': 'अब आप {product} पर <b>{title}</b> कोर्स में नामांकित हैं।',
  'mail.enrolment.start': 'सीखना शुरू करें: {link}',
  'mail.enrolment.button': 'सीखना शुरू करें',
  'mail.enrolment.orOpen': 'या यह लिंक खोलें: {link}',

  'certificate.documentTitle': 'प्रमाणपत्र: {course}',
  'certificate.heading': 'कोर्स पूर्णता प्रमाणपत्र',
  'certificate.certifies': 'प्रमाणित किया जाता है कि',
  'certificate.completed': 'ने यह कोर्स सफलतापूर्वक पूरा किया है',
  'certificate.taughtBy': 'प्रशिक्षक: {educator}',
  'certificate.issuedOn': 'जारी करने की तिथि: {date}',
  'certificate.id': 'प्रमाणपत्र आईडी: {id}',
  'certificate.verifyAt': 'यहाँ सत्यापित करें:',
};
