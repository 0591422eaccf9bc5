import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import ExternalLink from 'lucide-react/icons/external-link';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { AppImage } from '../../../components/app-image';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { Skeleton } from '../../../components/skeleton';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useAdminProducts, useCreateProduct, useDeleteProduct, type AdminProduct } from '../api/style-editor';
import { emptyProductForm, productFormSchema, productPayload, type ProductFormValues } from '../lib/style-form';

/** The products of a saved style and their first link; add a product with its link, delete with confirmation. */
export function ProductsBlock({ styleId }: { styleId: string }) {
  const products = useAdminProducts(styleId);
  const [toDelete, setToDelete] = useState<AdminProduct | null>(null);
  const del = useDeleteProduct(styleId);

  const confirmDelete = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        toast({ title: 'Product deleted' });
        setToDelete(null);
      },
      onError: (err) =>
        toast({
          title: 'Failed to delete product',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card data-testid="products-block">
      <CardHeader>
        <CardTitle>Products</CardTitle>
        <CardDescription>The items of this look and where to buy them (shown as “Shop This Look”).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {products.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-14 w-full rounded-lg" />
            <Skeleton className="h-14 w-full rounded-lg" />
          </div>
        ) : products.isError ? (
          <p className="text-sm text-destructive dark:text-red-400">Could not load the products.</p>
        ) : products.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No products yet. Add the first one below.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Products">
            {products.data.map((p) => {
              const link = p.links?.[0];
              return (
                <li key={p.id} className="flex items-center gap-3 p-3" data-testid="product-row">
                  <AppImage src={p.imageUrl} alt={p.name} className="h-12 w-12 shrink-0 rounded-md" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{p.name}</p>
                    {p.brand ? <p className="truncate text-xs text-muted-foreground">{p.brand}</p> : null}
                    {link ? (
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex max-w-full items-center gap-1 truncate text-xs text-brand underline-offset-4 hover:underline"
                      >
                        <ExternalLink className="h-3 w-3" aria-hidden="true" />
                        <span className="truncate">{link.retailer || link.url}</span>
                        {link.price != null ? (
                          <span>
                            · {link.price.toFixed(2)} {link.currency ?? ''}
                          </span>
                        ) : null}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : null}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete product ${p.name}`}
                    onClick={() => setToDelete(p)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <AddProductForm styleId={styleId} />
      </CardContent>
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Delete this product?"
        description={`“${toDelete?.name ?? ''}” and its links will be removed from this style.`}
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}

function AddProductForm({ styleId }: { styleId: string }) {
  const create = useCreateProduct(styleId);
  // Errors show after a submit; typing in a field clears its own error until the next submit.
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, z.output<typeof productFormSchema>>({
    resolver: zodResolver(productFormSchema),
    defaultValues: emptyProductForm(),
    reValidateMode: 'onSubmit',
  });
  const field = (k: keyof ProductFormValues) => register(k, { onChange: () => clearErrors(k) });

  const submit = handleSubmit((values) =>
    create.mutate(productPayload(styleId, values), {
      onSuccess: () => {
        toast({ title: 'Product added' });
        reset(emptyProductForm());
      },
      onError: (err) =>
        toast({
          title: 'Failed to create product',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-xl border border-dashed border-border p-4"
      aria-label="Add product"
    >
      <h3 className="text-sm font-semibold">Add a product</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Product name" error={errors.name?.message}>
          <Input {...field('name')} />
        </FormField>
        <FormField label="Brand">
          <Input {...field('brand')} />
        </FormField>
        <FormField label="Product category">
          <Input placeholder="e.g. Jacket" {...field('category')} />
        </FormField>
        <FormField label="Product image URL">
          <Input type="url" inputMode="url" placeholder="https://" {...field('imageUrl')} />
        </FormField>
        <FormField label="Product URL" error={errors.url?.message}>
          <Input type="url" inputMode="url" placeholder="https://" {...field('url')} />
        </FormField>
        <FormField label="Retailer" hint="Defaults to the website's name">
          <Input {...field('retailer')} />
        </FormField>
        <FormField label="Price" error={errors.price?.message}>
          <Input inputMode="decimal" placeholder="49.90" {...field('price')} />
        </FormField>
        <FormField label="Currency" error={errors.currency?.message}>
          <Input placeholder="EUR" maxLength={3} {...field('currency')} />
        </FormField>
        <FormField label="Affiliate code">
          <Input {...field('affiliateCode')} />
        </FormField>
      </div>
      <Button type="submit" variant="outline" disabled={create.isPending}>
        {create.isPending ? <SpinnerIcon /> : <Plus className="h-4 w-4" aria-hidden="true" />}
        Add product
      </Button>
    </form>
  );
}
