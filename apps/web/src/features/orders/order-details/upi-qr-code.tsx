import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * The UPI link as a QR code, drawn as one SVG path from the code's modules (no canvas, no
 * inline markup: it renders on the server and passes the CSP).
 */
export function UpiQrCode({ link, label }: { link: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) parts.push(`M${column + 4} ${row + 4}h1v1h-1z`);
      }
    }
    return { size: modules.size + 8, path: parts.join('') };
  }, [link]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="h-44 w-44 rounded-lg border border-slate-200 bg-white"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
