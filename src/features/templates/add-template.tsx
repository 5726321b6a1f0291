/** Add template route (organiser-console §2): the template wizard. Built in issue 5. */
export default function AddTemplate() {
  return <p className="muted">The template wizard arrives with issue 5.</p>;
}
