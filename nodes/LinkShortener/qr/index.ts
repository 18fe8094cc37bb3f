export { encodeQr } from './encodeQr';
export { qrToPng } from './png';
export { qrToSvg } from './svg';
export type { QrErrorCorrectionLevel, QrMatrix } from './types';
