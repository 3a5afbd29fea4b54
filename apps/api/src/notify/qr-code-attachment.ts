import QRCode from 'qrcode';
import type { Attachment } from './message';

/**
 * PNG rows with pngjs's "up" filter alone (qrcode hands its renderer options to pngjs, though
 * its types list only the deflate ones): a QR code's rows repeat, and trying every filter on
 * each row, the default, took 4 times as long (12 ms a code).
 */
const upFilterOnly = { filterType: 2 } as QRCode.QRCodeToBufferOptions['rendererOpts'];

/** `text` (a UPI payment link) as a QR code to scan from an e-mail: a PNG attachment. */
export async function qrCodeAttachment(text: string, filename: string): Promise<Attachment> {
  return {
    filename,
    contentType: 'image/png',
    content: await QRCode.toBuffer(text, {
      type: 'png',
      width: 320,
      errorCorrectionLevel: 'M',
      rendererOpts: upFilterOnly,
    }),
  };
}
