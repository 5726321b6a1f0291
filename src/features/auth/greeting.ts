/** Greeting by hour of day (admin-area §2): before 12:00 morning, 12:00–15:59 afternoon, from 16:00 evening. */
export const greeting = (hour: number) => (hour < 12 ? 'Good Morning' : hour < 16 ? 'Good Afternoon' : 'Good Evening');
