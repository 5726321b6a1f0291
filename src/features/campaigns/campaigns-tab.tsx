/**
 * The Campaigns tab of the event detail (organiser-console §2): Add Campaign, campaign cards or
 * the empty state. Rendered by the app layer inside the event detail (features do not import
 * each other). Built in issue 5.
 */
export default function CampaignsTab({ companyId, eventId }: { companyId: number; eventId: number }) {
  return <p className="muted" data-company={companyId} data-event={eventId}>Campaigns arrive with issue 5.</p>;
}
