import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: 'sm' | 'md' | 'lg';
  /** Fill the screen (long dialogs on phones). */
  fullScreen?: boolean;
  children: ReactNode;
};

/**
 * The app's dialog: Mantine's Modal assembled so that its header is a plain <div> (a <header> there would be a
 * second "banner" landmark) and its close button has a name. Title names the dialog for assistive technology.
 */
export function AppModal({ opened, onClose, title, size = 'md', fullScreen = false, children }: Props) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      radius={fullScreen ? 0 : 'lg'}
      centered
      fullScreen={fullScreen}
    >
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={650} fz="1.15rem">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
