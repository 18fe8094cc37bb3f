export { encodeQr } from './encodeQr';
export { qrToPng, type QrPngOptions } from './png';
export { qrToSvg, type QrSvgOptions } from './svg';
export type { QrErrorCorrectionLevel, QrMatrix } from './types';
