// Home Management > Customer Reviews: a card per review (photo, stars, words, who and where) with
// Add, Edit and Delete. A review is saved as JSON text in its row's content; the server gives a
// new one the fixed heading, makes it active and puts it last.

import { getSelectProps } from "@conform-to/react";
import { RowActions } from "~/components/admin/data-table/row-actions";
import { EntityDialog } from "~/components/admin/entity-dialog";
import { ImageField } from "~/components/admin/image-field";
import { TextareaField, TextField } from "~/components/admin/text-field";
import { Thumbnail } from "~/components/admin/thumbnail";
import { useEntityDialog } from "~/components/admin/use-entity-dialog";
import { FormField } from "~/components/forms/form-field";
import { StarRating } from "~/components/site/home/star-rating";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { RATINGS, type ReviewItem, reviewFormSchema } from "~/modules/content/home.schema";
import { HomeTab, ITEM_DELETE_TEXT, ItemMeta } from "./section-items-tab";

const NEW_REVIEW = { name: "", company: "", rating: "5", review: "", project: "", imageUrl: "" };

function toFormValues(review: ReviewItem) {
  return {
    name: review.name,
    company: review.company,
    rating: String(review.rating),
    review: review.review,
    project: review.project,
    imageUrl: review.imageUrl ?? "",
  } satisfies typeof NEW_REVIEW;
}

const TEXT_FIELDS = [
  { name: "name", label: "Name" },
  { name: "company", label: "Company" },
  { name: "project", label: "Project" },
] as const;

export function ReviewsTab({ reviews, failed }: { reviews: ReviewItem[]; failed: boolean }) {
  const dialog = useEntityDialog<ReviewItem>();
  return (
    <HomeTab
      id="reviews-heading"
      heading="Customer Reviews"
      description="Shown under 'What Our Customers Say' on the home page."
      addLabel="Add Review"
      onAdd={() => dialog.openFor(null)}
      failed={failed}
    >
      {reviews.length === 0 ? (
        <p className="text-muted-foreground">
          No reviews yet. The home page shows four sample reviews until you add one.
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} onEdit={() => dialog.openFor(review)} />
            </li>
          ))}
        </ul>
      )}
      <EntityDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        recordId={dialog.record?.id}
        title={{ create: "Add Review", edit: "Edit Review" }}
        submitLabel={{ create: "Create Review", edit: "Update Review" }}
        intents={{ create: "create-review", edit: "update-review" }}
        schema={reviewFormSchema}
        defaultValue={dialog.record ? toFormValues(dialog.record) : NEW_REVIEW}
        multipart
        className="sm:max-w-2xl"
      >
        {(fields) => (
          <div className="grid gap-4 sm:grid-cols-2">
            {TEXT_FIELDS.map(({ name, label }) => (
              <TextField key={name} field={fields[name]} label={label} />
            ))}
            <FormField label="Rating" errors={fields.rating.errors} errorId={fields.rating.errorId}>
              <NativeSelect {...getSelectProps(fields.rating)}>
                {RATINGS.map((rating) => (
                  <NativeSelectOption key={rating} value={String(rating)}>
                    {rating} {rating === 1 ? "star" : "stars"}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </FormField>
            <TextareaField field={fields.review} label="Review" rows={4} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <ImageField field={fields.imageUrl} label="Reviewer photo" />
            </div>
          </div>
        )}
      </EntityDialog>
    </HomeTab>
  );
}

function ReviewCard({ review, onEdit }: { review: ReviewItem; onEdit: () => void }) {
  const byline = [review.company, review.project].filter(Boolean).join(" · ");
  return (
    <Card className="h-full gap-3">
      <CardHeader className="flex flex-row items-center gap-3">
        <Thumbnail url={review.imageUrl} className="size-12 shrink-0 rounded-full border" />
        <div className="grid gap-0.5">
          <CardTitle asChild>
            <h3>{review.name}</h3>
          </CardTitle>
          {byline ? <p className="text-muted-foreground text-sm">{byline}</p> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        <StarRating rating={review.rating} />
        {review.review ? (
          <p className="line-clamp-4 text-pretty text-sm leading-relaxed">{review.review}</p>
        ) : null}
      </CardContent>
      <CardFooter className="mt-auto flex items-center justify-between gap-2">
        <ItemMeta item={review} />
        <RowActions
          itemLabel={`review by ${review.name}`}
          onEdit={onEdit}
          deleteId={review.id}
          deleteProps={{ description: ITEM_DELETE_TEXT }}
        />
      </CardFooter>
    </Card>
  );
}
