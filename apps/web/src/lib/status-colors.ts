/** Badge colours for statuses (spec section 4, "Colours"). Names are Mantine theme colours. */
export type StatusColor = 'green' | 'orange' | 'red' | 'gray';

export function appointmentStatusColor(status: string | null | undefined): StatusColor {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'confirmed':
    case 'completed':
      return 'green';
    case 'pending':
    case 'scheduled':
      return 'orange';
    case 'cancelled':
    case 'canceled':
      return 'red';
    default:
      return 'gray';
  }
}

export function paymentStatusColor(status: string | null | undefined): StatusColor {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'succeeded':
      return 'green';
    case 'failed':
    case 'cancelled':
      return 'red';
    default:
      return 'gray';
  }
}
