import { useRef, useState, type FormEvent } from 'react';
import type { CatalogueImportSummary, CatalogueProblem } from '@venue/contract/venue-catalogue';
import { ApiError, messageOf } from '../../api/admin-client';
import { catalogueUrl, importCatalogue } from '../../api/catalogue';
import { FormError, focusFirstInvalid } from '../../components/field';
import { PageHeader } from '../../components/page-header';

/** The problems of a refused import (422), or none when the failure was something else. */
export function problemsOf(error: unknown): CatalogueProblem[] {
  if (!(error instanceof ApiError)) return [];
  const problems = (error.body as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as CatalogueProblem[]) : [];
}

const COUNTS = ['vendors', 'items', 'modifierGroups', 'modifiers', 'coupons'] as const;
const COUNT_LABELS: Record<(typeof COUNTS)[number], string> = {
  vendors: 'Stores',
  items: 'Items',
  modifierGroups: 'Option groups',
  modifiers: 'Options',
  coupons: 'Coupons',
};

/** The whole catalogue (admin only): download it, or replace it with a document, every problem listed. */
export default function CatalogueScreen() {
  const [file, setFile] = useState<File | null>(null);
  const [force, setForce] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [problems, setProblems] = useState<CatalogueProblem[]>([]);
  const [summary, setSummary] = useState<CatalogueImportSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setProblems([]);
    setSummary(null);
    if (!file) {
      setFileProblem('Choose the catalogue file (.json) to import.');
      focusFirstInvalid(form.current);
      return;
    }
    let document: unknown;
    try {
      document = JSON.parse(await file.text()) as unknown;
    } catch {
      setFileProblem(`${file.name} is not a JSON document. Choose a catalogue as the download above writes it.`);
      focusFirstInvalid(form.current);
      return;
    }
    setFileProblem(null);
    setBusy(true);
    try {
      setSummary(await importCatalogue(document, force));
    } catch (error) {
      setProblems(problemsOf(error));
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="Catalogue" sub="The whole venue as one document: its stores, menus, pictures and coupons." />
      <section className="panel section" aria-labelledby="catalogue-export">
        <h2 id="catalogue-export">Download</h2>
        <p>The document imports into any installation, this one included. With pictures it is larger.</p>
        <p className="page-actions catalogue-downloads">
          <a className="button" href={catalogueUrl(false)} download="catalogue.json">
            Download the catalogue
          </a>
          <a className="button" href={catalogueUrl(true)} download="catalogue-with-pictures.json">
            Download with pictures
          </a>
        </p>
      </section>
      <section className="panel section" aria-labelledby="catalogue-import">
        <h2 id="catalogue-import">Import</h2>
        <p>
          Replaces the venue’s catalogue with the document, all or nothing: when anything in it is wrong, nothing
          changes and every problem is listed below.
        </p>
        <form ref={form} noValidate onSubmit={(event) => void submit(event)}>
          <div className={`field${fileProblem ? ' field-invalid' : ''}`}>
            <label htmlFor="catalogue-file">Catalogue file</label>
            <input
              id="catalogue-file"
              className="input"
              type="file"
              accept="application/json,.json"
              aria-invalid={fileProblem ? true : undefined}
              aria-describedby={fileProblem ? 'catalogue-file-error' : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {fileProblem && (
              <p id="catalogue-file-error" className="field-error">
                {fileProblem}
              </p>
            )}
          </div>
          <label className="choice">
            <input type="checkbox" checked={force} onChange={(event) => setForce(event.target.checked)} />
            Overwrite what the staff changed since the document was downloaded
            <span className="choice-note">(open, paused, stock; left as they are unless ticked)</span>
          </label>
          <FormError message={failure} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Importing…' : 'Import the catalogue'}
          </button>
        </form>
        {problems.length > 0 && (
          <div className="section">
            <h3>
              {problems.length} problem{problems.length === 1 ? '' : 's'} in the document
            </h3>
            <ul className="problems">
              {problems.map((problem, index) => (
                <li key={`${problem.path}-${index}`}>
                  <code>{problem.path}</code> {problem.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div role="status">{summary && <ImportSummary summary={summary} />}</div>
      </section>
    </>
  );
}

function ImportSummary({ summary }: { summary: CatalogueImportSummary }) {
  return (
    <div className="section">
      <p className="notice notice-ok">
        Imported{summary.venueCreated ? ' a new venue' : ''}. Pictures: {summary.pictures.stored} stored,{' '}
        {summary.pictures.alreadyStored} already there.
      </p>
      <table className="table">
        <caption>What the import did</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Created
            </th>
            <th scope="col" className="num">
              Changed
            </th>
            <th scope="col" className="num">
              Unchanged
            </th>
            <th scope="col" className="num">
              Hidden
            </th>
          </tr>
        </thead>
        <tbody>
          {COUNTS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{COUNT_LABELS[kind]}</th>
              <td className="num">{summary.created[kind]}</td>
              <td className="num">{summary.updated[kind]}</td>
              <td className="num">{summary.unchanged[kind]}</td>
              <td className="num">{summary.hidden[kind]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {summary.keptLiveValues.length > 0 && (
        <>
          <h3>Kept as the staff set them</h3>
          <ul className="problems">
            {summary.keptLiveValues.map((kept) => (
              <li key={kept.path}>
                <code>{kept.path}</code> kept {String(kept.kept)} (the document said {String(kept.document)})
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
