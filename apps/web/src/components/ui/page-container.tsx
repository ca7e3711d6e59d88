import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

/** Consistent page width and breathing room inside the main and public layouts. */
export function PageContainer({ children, size = 'lg' }: { children: ReactNode; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return (
    <Container size={size} px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 40 }}>
      {children}
    </Container>
  );
}
