import { Trans } from '@lingui/react/macro';
import { CircleAlert, House } from 'lucide-react';
import { Link } from '#client/lib/router.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { screens } from '#contract/screens.ts';

/** What is not there, why, and the way home: the 404 screen's card, and a gallery's that ended. */
export function NotFoundCard({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex justify-center py-10">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center gap-2">
            <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">{title}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{text}</p>
          <Button asChild variant="outline" className="min-h-11 justify-self-start">
            <Link href={screens.home}>
              <House aria-hidden />
              <Trans>Go to the portfolio</Trans>
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
