import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

/** Every account page: its title over a card in the reading column. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Container className="page page-reading">
      <PageTitle title={title} />
      <Card className="auth-card">
        <Card.Body className="p-4">{children}</Card.Body>
      </Card>
    </Container>
  );
}
