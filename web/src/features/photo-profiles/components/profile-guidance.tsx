import Lightbulb from 'lucide-react/icons/lightbulb';
import Camera from 'lucide-react/icons/camera';
import { Button } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { BODY_DESCRIPTION_MIN } from './profile-form-rules';

export interface ExampleDescription {
  group: 'Women' | 'Men';
  label: string;
  text: string;
}

/** Example body descriptions of the side panel (spec 02 section 2): women slim, athletic, soft curvy; men slim, athletic, stocky. */
export const EXAMPLE_DESCRIPTIONS: ExampleDescription[] = [
  { group: 'Women', label: 'Slim', text: 'Slim build, 168 cm, narrow shoulders and hips, long legs, size XS to S.' },
  {
    group: 'Women',
    label: 'Athletic',
    text: 'Athletic build, 172 cm, toned arms and legs, defined waist, broad shoulders, size M.',
  },
  {
    group: 'Women',
    label: 'Soft curvy',
    text: 'Soft curvy build, 163 cm, full bust and hips, defined waist, rounded shoulders, size L.',
  },
  { group: 'Men', label: 'Slim', text: 'Slim build, 180 cm, narrow shoulders, lean arms, long legs, size S.' },
  {
    group: 'Men',
    label: 'Athletic',
    text: 'Athletic build, 183 cm, broad shoulders, muscular chest and arms, narrow waist, size M to L.',
  },
  {
    group: 'Men',
    label: 'Stocky',
    text: 'Stocky build, 175 cm, broad chest and shoulders, thick arms, fuller midsection, size XL.',
  },
];

/** The form's side panel: portrait best practices, body-description guidance and examples with "Use this". */
export function ProfileGuidance({ onUseExample }: { onUseExample: (text: string) => void }) {
  return (
    <aside className="flex flex-col gap-4" aria-label="Tips for a good photo profile">
      <Card>
        <CardHeader className="flex-row items-center gap-2">
          <Camera className="h-5 w-5 text-brand" aria-hidden="true" />
          <CardTitle>Portrait best practices</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
            <li>Square photo recommended, at least 400 x 400 pixels.</li>
            <li>Your face clearly visible, looking at the camera.</li>
            <li>Good, even light; no strong shadows or backlight.</li>
            <li>No sunglasses, hats or hands covering your face.</li>
            <li>For Exact mode, add a full-body photo: standing, head to feet, fitted clothes.</li>
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row items-center gap-2">
          <Lightbulb className="h-5 w-5 text-brand" aria-hidden="true" />
          <CardTitle>Describing your body</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">
            At least {BODY_DESCRIPTION_MIN} characters. Mention your build, height, proportions and usual clothing size:
            the AI uses it to fit outfits to your shape.
          </p>
          {(['Women', 'Men'] as const).map((group) => (
            <div key={group} className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">{group}</h3>
              <ul className="flex flex-col gap-2">
                {EXAMPLE_DESCRIPTIONS.filter((e) => e.group === group).map((e) => (
                  <li key={e.label} className="rounded-lg border border-border bg-muted/40 p-3">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{e.label}</p>
                        <p className="mt-1 text-sm">{e.text}</p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        className="shrink-0"
                        onClick={() => onUseExample(e.text)}
                        aria-label={`Use this example: ${group.toLowerCase()}, ${e.label.toLowerCase()}`}
                      >
                        Use this
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </CardContent>
      </Card>
    </aside>
  );
}
