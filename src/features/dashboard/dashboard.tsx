import { PageHeader } from '../../components/page-header.tsx';

/** The four static summary boxes of admin-area §1 (sample figures by the spec). */
const BOXES = [
  { value: '150', label: 'New Orders', tone: 'info' },
  { value: '53%', label: 'Bounce Rate', tone: 'success' },
  { value: '44', label: 'User Registrations', tone: 'warning' },
  { value: '65', label: 'Unique Visitors', tone: 'danger' },
] as const;

/** The admin dashboard (admin-area §1, §2): the landing screen of /admin with the four summary boxes. */
export default function Dashboard() {
  return (
    <>
      <PageHeader title="Dashboard" crumbs={[{ label: 'Home', href: '/admin' }, { label: 'Dashboard' }]} />
      <section className="small-boxes" aria-label="Summary">
        {BOXES.map((b) => (
          <div key={b.label} className={`small-box tone-${b.tone}`}>
            <div className="small-box-value">{b.value}</div>
            <div className="small-box-label">{b.label}</div>
          </div>
        ))}
      </section>
    </>
  );
}
