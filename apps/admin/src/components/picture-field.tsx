import { useState } from 'react';
import { messageOf } from '../api/admin-client';
import { uploadPicture } from '../api/catalogue';

/** Where customers' app gets a stored picture, sized for the editor's preview. */
export const pictureUrl = (assetId: number) => `/v1/displayassets/${assetId}/transformed/100x`;

/**
 * A picture: its preview, 'Upload a picture' (PNG, JPEG or WebP; stored at once, used when the
 * form is saved) and 'Remove'. Problems (the upload's, or the save's at this field) show beside it.
 */
export function PictureField({
  id,
  label,
  hint,
  assetId,
  onChange,
  error,
}: {
  id: string;
  label: string;
  /** what the picture is for, said before what may be uploaded */
  hint?: string;
  assetId: number | null;
  onChange: (assetId: number | null) => void;
  error?: string | null | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const problem = failure ?? error ?? null;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const picture = await uploadPicture(file);
      setPreview(picture.url);
      onChange(picture.id);
    } catch (uploadError) {
      setFailure(messageOf(uploadError));
    } finally {
      setBusy(false);
    }
  };
  const shown = assetId === null ? null : (preview ?? pictureUrl(assetId));
  return (
    <div className={`field picture-field${problem ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="picture-row">
        {shown ? (
          <img className="picture-preview" src={shown} alt={`${label}: the picture now chosen`} />
        ) : (
          <span className="picture-preview picture-none">No picture</span>
        )}
        <div className="picture-actions">
          <label className="button" htmlFor={id}>
            {busy ? 'Uploading…' : 'Upload a picture'}
          </label>
          <input
            id={id}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={busy}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            onChange={(event) => void upload(event.target.files?.[0])}
          />
          {assetId !== null && (
            <button type="button" className="button button-quiet" onClick={() => onChange(null)}>
              Remove<span className="visually-hidden"> the {label.toLowerCase()}</span>
            </button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {hint ? `${hint} ` : ''}PNG, JPEG or WebP, at most 5 MB. It is used when you save.
      </p>
      {problem && (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
