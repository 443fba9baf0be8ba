import { expect, test } from "vitest";
import { ANONYMOUS_REVIEW, parseReviewContent, SAMPLE_REVIEWS } from "./reviews";

function json(value: unknown) {
  return JSON.stringify(value);
}

test("a complete review is read as stored", () => {
  const result = parseReviewContent(
    json({ name: "Mere Tane", company: "Tane Homes", rating: 4, review: "Great service.", project: "Deck" }),
  );
  expect(result).toEqual({
    ok: true,
    value: { name: "Mere Tane", company: "Tane Homes", rating: 4, review: "Great service.", project: "Deck" },
  });
});

test("text that is not JSON shows as Anonymous with five stars and is reported", () => {
  const result = parseReviewContent("Loved it {not json");
  expect(result.ok).toBe(false);
  expect(result.value).toEqual({ name: "Anonymous", company: "", rating: 5, review: "", project: "" });
});

test("empty content and JSON that is not an object are treated as invalid", () => {
  for (const content of [null, "", "   ", "42", json("just text"), json([1, 2]), "null"]) {
    const result = parseReviewContent(content);
    expect(result.ok, String(content)).toBe(false);
    expect(result.value).toEqual(ANONYMOUS_REVIEW);
  }
});

test("missing fields take their defaults", () => {
  expect(parseReviewContent(json({ review: "Quick delivery." }))).toEqual({
    ok: true,
    value: { name: "Anonymous", company: "", rating: 5, review: "Quick delivery.", project: "" },
  });
  expect(parseReviewContent(json({})).value).toEqual(ANONYMOUS_REVIEW);
});

test("fields of the wrong type read as empty and a blank name as Anonymous", () => {
  const result = parseReviewContent(json({ name: "   ", company: 12, review: ["x"], project: null }));
  expect(result.value).toEqual(ANONYMOUS_REVIEW);
});

test("a rating outside 1 to 5 is clamped and a non-numeric rating defaults to 5", () => {
  const rating = (value: unknown) => parseReviewContent(json({ name: "A", rating: value })).value.rating;
  expect(rating(9)).toBe(5);
  expect(rating(0)).toBe(1);
  expect(rating(-3)).toBe(1);
  expect(rating(3.6)).toBe(4);
  expect(rating("2")).toBe(2);
  expect(rating("five")).toBe(5);
  expect(rating(null)).toBe(5);
  expect(rating(undefined)).toBe(5);
});

test("there are four built-in sample reviews with valid ratings", () => {
  expect(SAMPLE_REVIEWS).toHaveLength(4);
  for (const review of SAMPLE_REVIEWS) {
    expect(review.rating).toBeGreaterThanOrEqual(1);
    expect(review.rating).toBeLessThanOrEqual(5);
    expect(review.name).not.toBe("");
  }
});
