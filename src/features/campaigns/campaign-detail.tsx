/** Campaign detail (organiser-console §2), /admin/organizer/{org}/events/{event}/{campaign}. Built in issue 5. */
export default function CampaignDetail() {
  return <p className="muted">Campaign detail arrives with issue 5.</p>;
}
