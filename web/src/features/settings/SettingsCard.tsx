import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

export function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" className="mb-4 border-0 shadow-sm" id={id} aria-labelledby={`${id}-title`}>
      <Card.Body className="p-4">
        <h2 className="h5 mb-3" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </Card.Body>
    </Card>
  );
}
