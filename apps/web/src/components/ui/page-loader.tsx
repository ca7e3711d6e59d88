import { Center, Loader } from '@mantine/core';

/** A centred spinner for whole-page waits (first load of a lazy page, the route guard's token check). */
export function PageLoader({ size = 40, label = 'Loading' }: { size?: number; label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-label={label}>
      <Loader size={size} />
    </Center>
  );
}
