import './components.css';

/** Shown while the code of a page loads (the pages are loaded on demand, routes.tsx). */
export function PageLoading({ text }: { text: string }) {
  return (
    <div className="page">
      <p className="panel notice page-loading" role="status">
        <span className="spinner spinner--small" aria-hidden="true" />
        {text}
      </p>
    </div>
  );
}
