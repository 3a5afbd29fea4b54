import { apiUrl } from '../../lib/api-client';
import { consoleMeta, ConsolePage } from '../admin-shell';
import { ImportWizard } from './import-wizard';
import { PastImports } from './past-imports';
import type { Route } from './+types/imports-page';

export const meta: Route.MetaFunction = () => consoleMeta('Imports');

/** /admin/imports: load stock from a CSV file, and the imports run before. */
export default function ImportsPage() {
  return (
    <ConsolePage
      title="Imports"
      intro="Load numbers and prices from a spreadsheet saved as CSV or as tab-delimited text: number, price and offer_price (optional), in rupees, and status (optional: available, hidden or coming_soon gives the number that status; held and sold only as an export writes them). Other columns are ignored, and the check lists them."
      actions={
        <a className="btn-secondary" href={apiUrl('/admin/imports/template.csv')} download>
          Download the template
        </a>
      }
    >
      <ImportWizard />
      <PastImports />
    </ConsolePage>
  );
}
