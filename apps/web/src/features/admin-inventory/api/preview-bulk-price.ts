import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { BulkPriceChange, BulkPricePreview } from '../stock-types';

/** POST /admin/numbers/bulk-price/preview: how many numbers would change, and a sample. */
async function previewBulkPrice(
  body: Omit<BulkPriceChange, 'expectedCount'>,
): Promise<BulkPricePreview> {
  return (await api.post<BulkPricePreview>('/admin/numbers/bulk-price/preview', body))
    .data as BulkPricePreview;
}

export const usePreviewBulkPrice = () => useMutation({ mutationFn: previewBulkPrice });
