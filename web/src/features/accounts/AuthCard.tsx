import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

/** The narrow card every account page sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container className="py-4 py-md-5">
      <Card className="auth-card shadow-sm border-0">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}
