export { useMyCertificates } from './api/certificates';
export { CertificateCallToAction } from './components/CertificateCallToAction';
export { MyCertificates } from './components/MyCertificates';

// Public, downloaded when first opened (a chunk of its own).
export const loadCertificatePage = () => import('./pages/CertificatePage');
